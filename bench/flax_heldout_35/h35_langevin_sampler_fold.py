# label: ok
# flax-error: none
# class: 2 sample takes one self.make_rng('noise') key before the fori_loop; the bound-method body self._langevin_step folds the step index into it
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
        x, noises, key = state
        noise = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        x = x + self.step_size * self(x) + jnp.sqrt(2 * self.step_size) * noise
        return x, noises.at[i].set(noise), key

    def sample(self, x0, n_steps):
        noises = jnp.zeros((n_steps,) + x0.shape)
        key = self.make_rng("noise")
        x, noises, _ = lax.fori_loop(0, n_steps, self._langevin_step, (x0, noises, key))
        return noises


def main():
    model = ScoreNet()
    x0 = jnp.zeros((4, 2))
    variables = model.init(jax.random.PRNGKey(0), x0)
    noises = model.apply(variables, x0, 6, method=ScoreNet.sample, rngs={"noise": jax.random.PRNGKey(7)})
    return noises
