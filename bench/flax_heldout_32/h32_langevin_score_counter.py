# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "n_evals" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the fori_loop body in ScoreNet.sample, reached with apply(method=), calls self.score, which bumps a "counters" variable
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

DIM, N_STEPS, STEP_SIZE = 2, 8, 1e-2


class ScoreNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def score(self, x):
        n_evals = self.variable("counters", "n_evals", lambda: jnp.zeros((), jnp.int32))
        n_evals.value += 1
        h = nn.swish(nn.Dense(self.hidden)(x))
        return nn.Dense(DIM)(h) - x

    def __call__(self, x):
        return self.score(x)

    def sample(self, x0, key):
        def langevin_step(i, state):
            x, key = state
            key, sub = jax.random.split(key)
            noise = jax.random.normal(sub, x.shape)
            x = x + STEP_SIZE * self.score(x) + jnp.sqrt(2 * STEP_SIZE) * noise
            return x, key

        x, _ = jax.lax.fori_loop(0, N_STEPS, langevin_step, (x0, key))
        return x


def main():
    net = ScoreNet()
    x0 = jnp.zeros((4, DIM))
    variables = net.init(jax.random.key(0), x0)
    sample = jax.jit(functools.partial(net.apply, method=ScoreNet.sample))
    xs = sample(variables, x0, jax.random.key(1))
    assert xs.shape == (4, DIM)
    return None
