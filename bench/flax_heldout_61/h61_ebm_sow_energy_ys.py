# label: ok
# flax-error: none
# class: 2 the scanned refinement closure returns the energy as the scan output; self.sow is called once after lax.scan with the stacked energies
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
            return x - self.step_size * g, e

        x, energies = lax.scan(refine, x, None, length=self.steps)
        self.sow("intermediates", "energy_trace", energies)
        return x


def main():
    model = EnergyRefiner()
    x = jnp.ones((3, 4))
    params = model.init(jax.random.key(0), x)["params"]
    y, state = model.apply({"params": params}, x, mutable=["intermediates"])
    energy_trace = state["intermediates"]["energy_trace"][0]
    print("final energy", energy_trace.mean())
    return None
