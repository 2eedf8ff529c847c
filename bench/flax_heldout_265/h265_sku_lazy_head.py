# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[9,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the decoder's cell and head are first called through self.decoder inside the scan body, so init creates their params there
import jax
import jax.numpy as jnp
import flax.linen as fnn


class HorizonDecoder(fnn.Module):
    features: int

    def setup(self):
        self.cell = fnn.Dense(self.features)
        self.head = fnn.Dense(1)

    def advance(self, h, promo):
        return jnp.tanh(self.cell(jnp.concatenate([h, promo], axis=-1)))

    def project(self, h):
        return fnn.softplus(self.head(h))


class MultiHorizonForecaster(fnn.Module):
    features: int = 8

    def setup(self):
        self.encoder = fnn.Dense(self.features)
        self.decoder = HorizonDecoder(self.features)

    def __call__(self, sales, promos):
        h = jnp.tanh(self.encoder(sales))

        def horizon_step(h, promo):
            h = self.decoder.advance(h, promo)
            return h, self.decoder.project(h)

        _, forecast = jax.lax.scan(horizon_step, h, promos)
        return forecast


class ForecastService:
    def __init__(self, key, n_skus=4, weeks=6, horizon=3):
        self.model = MultiHorizonForecaster()
        self.variables = self.model.init(key, jnp.zeros((n_skus, weeks)), jnp.zeros((horizon, n_skus, 1)))

    def forecast(self, sales, promos):
        return self.model.apply(self.variables, sales, promos)


def main():
    service = ForecastService(jax.random.key(0))
    sales = jax.random.uniform(jax.random.key(1), (4, 6), minval=0.0, maxval=3.0)
    promos = jnp.zeros((3, 4, 1)).at[1].set(1.0)
    jax.block_until_ready(service.forecast(sales, promos))
