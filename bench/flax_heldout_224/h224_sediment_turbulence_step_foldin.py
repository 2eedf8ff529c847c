# label: ok
# flax-error: none
# class: 5 a factory returns a step function around model.apply(method=...) that folds the time step into the turbulence key; the scan body calls that step
"""River sediment transport: bedload flux along a reach with stochastic turbulent bursts."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class SedimentCell(nn.Module):
    n_nodes: int

    @nn.compact
    def __call__(self, bed):
        return nn.Dense(self.n_nodes, name="shear")(bed)

    def step(self, bed):
        shear = nn.softplus(self(bed))
        burst = 0.05 * jax.random.normal(self.make_rng("turbulence"), (self.n_nodes,))
        flux = jnp.maximum(shear + burst - 0.3, 0.0) ** 1.5  # Meyer-Peter Mueller style excess
        bed = bed - 0.01 * (flux - jnp.roll(flux, 1))
        return bed, burst


def make_transport_step(model, variables, seed):
    """Builds the per-time-step transition the reach simulator calls."""
    turbulence = jax.random.key(seed)

    def step(bed, t):
        rngs = {"turbulence": jax.random.fold_in(turbulence, t)}
        return model.apply(variables, bed, rngs=rngs, method=SedimentCell.step)

    return step


class ReachSimulator:
    def __init__(self, step_fn, n_steps):
        self.step_fn = step_fn
        self.n_steps = n_steps

    def run(self, bed0):
        def advance(bed, t):
            bed, burst = self.step_fn(bed, t)
            return bed, burst

        _, bursts = lax.scan(advance, bed0, jnp.arange(self.n_steps))
        return bursts


def main():
    model = SedimentCell(n_nodes=6)
    bed0 = jnp.linspace(1.0, 0.4, 6)
    variables = model.init(jax.random.key(0), bed0)
    sim = ReachSimulator(make_transport_step(model, variables, seed=11), n_steps=5)
    return sim.run(bed0)
