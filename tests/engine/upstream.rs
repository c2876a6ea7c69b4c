//! RabbitMQ dead_lettering_SUITE cases under the rabbitmq-4 profile.
