# label: same-values
# flax-error: none
# class: 1 LangevinEBM.sample, the method that owns the 'langevin' rng stream, runs the scan itself and calls self.make_rng in the body for each step's noise
import jax
import jax.numpy as jnp
import jax.random as jrandom
from flax import linen as nn

DIM = 2


class LangevinEBM(nn.Module):
    hidden: int = 32
    n_steps: int = 6
    step_size: float = 0.02

    def setup(self):
        self.layers = [nn.Dense(self.hidden), nn.Dense(self.hidden)]
        self.out = nn.Dense(1)

    def energy(self, x):
        for layer in self.layers:
            x = nn.swish(layer(x))
        return self.out(x).squeeze(-1)

    def __call__(self, x):
        return self.energy(x)

    def sample(self, x0):
        score = jax.grad(lambda z: self.energy(z).sum())

        def step(x, _):
            noise = jnp.sqrt(2 * self.step_size) * jrandom.normal(self.make_rng("langevin"), x.shape)
            return x - self.step_size * score(x) + noise, noise

        x, injected = jax.lax.scan(step, x0, None, length=self.n_steps)
        return x, injected


def main():
    model = LangevinEBM()
    x0 = jnp.zeros((4, DIM))
    variables = model.init(jrandom.key(0), x0)
    samples, injected = model.apply(
        variables, x0, method=LangevinEBM.sample, rngs={"langevin": jrandom.key(42)}
    )
    jax.block_until_ready(samples)
    return injected
