# label: ok
# flax-error: none
# class: 3 sampler.key, a key stored as an attribute of the sampler object, enters the while_loop through the carry and is split at each step; the body calls sampler.score_net
"""Score-based generative model with NNX: an Euler-Maruyama reverse-SDE sampler (VE SDE) with a
small NNX score network, written as a jax.lax.while_loop so that the number of steps can be
chosen at run time. The sampler object stores the score network and a PRNG key.

Twin of h114_nnx_score_sampler_key.py: the sampler's key is put in the while_loop carry and
split at every step."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax

DIM = 3
N_STEPS = 6


class ScoreNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(DIM + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, DIM, rngs=rngs)

    def __call__(self, x, t):
        h = nnx.swish(self.l1(jnp.concatenate([x, t[None]])))
        return self.l2(h)


class EulerMaruyama:
    def __init__(self, score_net, key, sigma_max=5.0):
        self.score_net = score_net
        self.key = key
        self.sigma_max = sigma_max

    def sample(self, x_T, n_steps):
        dt = 1.0 / n_steps
        noises = jnp.zeros((N_STEPS, DIM))

        def cond(state):
            return state[0] < n_steps

        def body(state):
            i, x, noises, key = state
            key, sub = jax.random.split(key)
            t = 1.0 - i * dt
            g2 = self.sigma_max ** (2 * t) * 2 * jnp.log(self.sigma_max)
            z = jax.random.normal(sub, x.shape)
            x = x + g2 * self.score_net(x, t) * dt + jnp.sqrt(g2 * dt) * z
            return i + 1, x, noises.at[i].set(z), key

        _, x, noises, _ = lax.while_loop(cond, body, (0, x_T, noises, self.key))
        return x, noises


def main():
    sampler = EulerMaruyama(ScoreNet(nnx.Rngs(0)), jax.random.key(1))
    x_T = 5.0 * jax.random.normal(jax.random.key(2), (DIM,))
    x0, noises = sampler.sample(x_T, N_STEPS)
    print("sample", x0)
    return noises  # the noise injected at each reverse-SDE step
