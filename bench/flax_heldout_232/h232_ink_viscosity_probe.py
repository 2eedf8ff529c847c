# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body calls self.chamber.probe(), a submodule method that sows viscosity into the mutable 'intermediates' collection
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen
from jax.lax import scan


@dataclass(frozen=True)
class InkRecipe:
    pigments: int = 3
    doses: int = 5
    carrier_ratio: float = 0.6

    @classmethod
    def from_config(cls, cfg: dict) -> "InkRecipe":
        return cls(pigments=cfg["pigments"], doses=cfg["doses"], carrier_ratio=cfg.get("carrier", 0.6))


class MixingChamber(linen.Module):
    pigments: int

    def setup(self):
        self.blend = linen.Dense(self.pigments)

    def __call__(self, mix):
        return self.blend(mix)

    def probe(self, mix):
        viscosity = jnp.tanh(self.blend(mix)).mean()
        self.sow("intermediates", "viscosity", viscosity)
        return viscosity


class InkMixer(linen.Module):
    recipe: InkRecipe

    def setup(self):
        self.chamber = MixingChamber(self.recipe.pigments)

    def __call__(self, doses):
        mix = self.chamber(doses[0])

        def add_dose(mix, dose):
            mix = self.recipe.carrier_ratio * mix + dose
            self.chamber.probe(mix)
            return mix, None

        mix, _ = scan(add_dose, mix, doses[1:])
        return mix


def dose_schedule(recipe: InkRecipe):
    steps = jnp.arange(recipe.doses, dtype=jnp.float32)[:, None]
    return 0.1 * (steps + 1.0) * jnp.ones((1, recipe.pigments))


def viscosity_report(intermediates):
    readings = intermediates["chamber"]["viscosity"]
    return jnp.stack([jnp.mean(r) for r in readings])


def main():
    recipe = InkRecipe.from_config({"pigments": 3, "doses": 5})
    mixer = InkMixer(recipe)
    doses = dose_schedule(recipe)
    variables = mixer.init(jax.random.key(4), doses)
    mix, state = mixer.apply({"params": variables["params"]}, doses, mutable=["intermediates"])
    report = viscosity_report(state["intermediates"])
    jax.block_until_ready((mix, report))
    return None
