# label: same-values
# flax-error: none
# class: 5 SamplingStep.from_config() builds the callable scan body, which seeds a new nnx.Rngs from the config at every call
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax_scan = jax.lax.scan


@dataclasses.dataclass(frozen=True)
class SettlingConfig:
    seed: int = 23
    pigments: int = 4
    jars: int = 5
    turbidity: float = 0.25


class PigmentSettling(nnx.Module):
    def __init__(self, pigments: int, turbidity: float, *, rngs: nnx.Rngs):
        self.suspend = nnx.Linear(pigments, pigments, rngs=rngs)
        self.turbidity = turbidity

    def __call__(self, dose, *, rngs: nnx.Rngs):
        eddies = self.turbidity * jax.random.normal(rngs.settle(), dose.shape)
        return jax.nn.softmax(self.suspend(dose) + eddies)


class SamplingStep:
    def __init__(self, model: PigmentSettling, seed: int):
        self.model = model
        self.seed = seed

    @classmethod
    def from_config(cls, config: SettlingConfig, model: PigmentSettling):
        return cls(model, config.seed)

    def __call__(self, carry, dose):
        rngs = nnx.Rngs(settle=self.seed)
        return carry, self.model(dose, rngs=rngs)


def sample_jars(config: SettlingConfig, dose):
    model = PigmentSettling(config.pigments, config.turbidity, rngs=nnx.Rngs(params=config.seed))
    step = SamplingStep.from_config(config, model)
    doses = jnp.broadcast_to(dose, (config.jars,) + dose.shape)
    _, shades = lax_scan(step, None, doses)
    return shades


def main():
    config = SettlingConfig()
    return sample_jars(config, jnp.array([0.4, 0.3, 0.2, 0.1]))
