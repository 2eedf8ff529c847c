# label: ok
# flax-error: none
# class: 1 SoilingForecaster.__call__ owns the 'weather' rng stream, draws one key before the scan and folds the day index into it
"""Solar panel soiling: sample daily dust deposition per panel string and accumulate soiling loss."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DepositionHead(nn.Module):
    strings: int

    @nn.compact
    def __call__(self, irradiance):
        return nn.softplus(nn.Dense(self.strings)(irradiance))


class SoilingForecaster(nn.Module):
    strings: int = 8
    days: int = 14
    rain_threshold: float = 1.5

    def setup(self):
        self.deposition = DepositionHead(self.strings)
        self.loss_rate = self.param("loss_rate", nn.initializers.constant(0.01), (self.strings,))

    def __call__(self, irradiance):
        base_rate = self.deposition(irradiance)

        weather_key = self.make_rng("weather")

        def day(soiling, index):
            dust = jax.random.gamma(jax.random.fold_in(weather_key, index), 2.0, (self.strings,)) * base_rate
            washed = dust > self.rain_threshold
            soiling = jnp.where(washed, 0.0, soiling + self.loss_rate * dust)
            return soiling, dust

        _, dust = jax.lax.scan(day, jnp.zeros((self.strings,)), jnp.arange(self.days))
        return dust


def main():
    model = SoilingForecaster()
    irradiance = jnp.linspace(0.2, 1.0, 6)
    variables = model.init({"params": jax.random.key(0), "weather": jax.random.key(1)}, irradiance)
    dust = model.apply(variables, irradiance, rngs={"weather": jax.random.key(42)})
    return dust
