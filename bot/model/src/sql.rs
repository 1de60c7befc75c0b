//! How the model's values are bound and read by sqlx, on any database
//! whose driver reads their stored form: a row id, a time or a duration as
//! the integer it is stored as, so a row keeps its columns and no
//! migration is needed. Only with the `sqlx` feature (the store's).

/// `Type`, `Encode` and `Decode` for `$name`, a newtype stored as its
/// `$inner` field (what `#[sqlx(transparent)]` derives, without building
/// sqlx's macros and their drivers for the host).
macro_rules! transparent {
    ($name:ident, $inner:ty) => {
        impl<DB: sqlx::Database> sqlx::Type<DB> for $name
        where
            $inner: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <$inner as sqlx::Type<DB>>::type_info()
            }

            fn compatible(ty: &DB::TypeInfo) -> bool {
                <$inner as sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for $name
        where
            $inner: sqlx::Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as sqlx::Database>::ArgumentBuffer,
            ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <$inner as sqlx::Encode<'q, DB>>::encode_by_ref(&self.0, buf)
            }

            fn produces(&self) -> Option<DB::TypeInfo> {
                <$inner as sqlx::Encode<'q, DB>>::produces(&self.0)
            }

            fn size_hint(&self) -> usize {
                <$inner as sqlx::Encode<'q, DB>>::size_hint(&self.0)
            }
        }

        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $name
        where
            $inner: sqlx::Decode<'r, DB>,
        {
            fn decode(
                value: <DB as sqlx::Database>::ValueRef<'r>,
            ) -> Result<$name, sqlx::error::BoxDynError> {
                <$inner as sqlx::Decode<'r, DB>>::decode(value).map($name)
            }
        }
    };
}

pub(crate) use transparent;
