# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 BellCasting.__call__ runs the scan itself and the Dense layers from setup are first used inside the body, so init creates their params there
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class BellCasting(nn.Module):
    """Tracks bronze temperature through the pour stages of a bell mould."""

    partials: int = 5

    def setup(self):
        self.cooling = nn.Dense(self.partials)
        self.tone = nn.Dense(1)

    def __call__(self, stages):
        def pour(temp, stage):
            temp = 0.8 * temp + nn.tanh(self.cooling(stage))
            return temp, self.tone(temp)

        temp0 = jnp.zeros(stages.shape[1:-1] + (self.partials,))
        _, tones = scan(pour, temp0, stages)
        return tones


class FoundryTrainer:
    def __init__(self, model, seed=0):
        self.model = model
        self.seed = seed
        self.variables = None

    def setup(self, stages):
        self.variables = self.model.init(jax.random.key(self.seed), stages)

    def tuning_error(self, stages, target):
        tones = self.model.apply(self.variables, stages)
        return jnp.mean((tones[-1] - target) ** 2)


def main():
    stages = jnp.linspace(1.0, 0.2, 6 * 2 * 3).reshape(6, 2, 3)
    trainer = FoundryTrainer(BellCasting())
    trainer.setup(stages)
    jax.block_until_ready(trainer.tuning_error(stages, jnp.ones((2, 1))))
    return None
