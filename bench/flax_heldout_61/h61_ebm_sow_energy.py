# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the scanned refinement closure calls self.sow('intermediates', ...) on every step; apply is called with mutable=['intermediates']
"""Energy-based refinement: descend the learned energy from an initial guess and log the energy trace."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class EnergyNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        h = nn.swish(nn.Dense(self.hidden)(x))
        return nn.Dense(1)(h).squeeze(-1)


class EnergyRefiner(nn.Module):
    steps: int = 5
    step_size: float = 0.1

    def setup(self):
        self.energy = EnergyNet()

    def __call__(self, x):
        self.energy(x)  # build params before the loop

        def refine(x, _):
            e, g = jax.value_and_grad(lambda y: self.energy(y).sum())(x)
            self.sow("intermediates", "energy_trace", e)
            return x - self.step_size * g, None

        x, _ = lax.scan(refine, x, None, length=self.steps)
        return x


def main():
    model = EnergyRefiner()
    x = jnp.ones((3, 4))
    params = model.init(jax.random.key(0), x)["params"]
    y, state = model.apply({"params": params}, x, mutable=["intermediates"])
    energy_trace = state["intermediates"]["energy_trace"][0]
    print("final energy", energy_trace.mean())
    return None
