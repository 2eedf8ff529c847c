# label: ok
# flax-error: none
# class: 3 the fori_loop body calls score_fn, which applies the net with mutable=["counters"] and carries the counters to the next step
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

DIM, N_STEPS, STEP_SIZE = 2, 8, 1e-2


class ScoreNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x):
        n_evals = self.variable("counters", "n_evals", lambda: jnp.zeros((), jnp.int32))
        n_evals.value += 1
        h = nn.swish(nn.Dense(self.hidden)(x))
        return nn.Dense(DIM)(h) - x


def score_fn(net, params, counters, x):
    s, mutated = net.apply({"params": params, "counters": counters}, x, mutable=["counters"])
    return s, mutated["counters"]


def sample(net, variables, x0, key):
    def langevin_step(i, state):
        x, key, counters = state
        key, sub = jax.random.split(key)
        noise = jax.random.normal(sub, x.shape)
        s, counters = score_fn(net, variables["params"], counters, x)
        x = x + STEP_SIZE * s + jnp.sqrt(2 * STEP_SIZE) * noise
        return x, key, counters

    x, _, counters = jax.lax.fori_loop(
        0, N_STEPS, langevin_step, (x0, key, variables["counters"]))
    return x, counters


def main():
    net = ScoreNet()
    x0 = jnp.zeros((4, DIM))
    variables = net.init(jax.random.key(0), x0)
    xs, counters = jax.jit(functools.partial(sample, net))(variables, x0, jax.random.key(1))
    assert int(counters["n_evals"]) == N_STEPS + 1
    return None
