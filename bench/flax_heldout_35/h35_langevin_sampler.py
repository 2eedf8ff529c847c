# label: same-values
# flax-error: none
# class: 2 fori_loop body is the bound method self._langevin_step, which draws self.make_rng('noise') on every iteration
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ScoreNet(nn.Module):
    dim: int = 2
    step_size: float = 0.05

    def setup(self):
        self.hidden = nn.Dense(16)
        self.out = nn.Dense(self.dim)

    def __call__(self, x):
        return self.out(nn.swish(self.hidden(x)))

    def _langevin_step(self, i, state):
        x, noises = state
        noise = jax.random.normal(self.make_rng("noise"), x.shape)
        x = x + self.step_size * self(x) + jnp.sqrt(2 * self.step_size) * noise
        return x, noises.at[i].set(noise)

    def sample(self, x0, n_steps):
        noises = jnp.zeros((n_steps,) + x0.shape)
        x, noises = lax.fori_loop(0, n_steps, self._langevin_step, (x0, noises))
        return noises


def main():
    model = ScoreNet()
    x0 = jnp.zeros((4, 2))
    variables = model.init(jax.random.PRNGKey(0), x0)
    noises = model.apply(variables, x0, 6, method=ScoreNet.sample, rngs={"noise": jax.random.PRNGKey(7)})
    return noises
