# label: same-values
# flax-error: none
# class: 3 the while_loop body draws each sample's starting noise from sampler.key, a key attribute of the Sampler object
"""Score-based diffusion with an NNX score network. A small Sampler object holds the score net
and a PRNG key; Sampler.sample fills a batch of samples with lax.while_loop, starting each one
from sigma_max * normal(self.key) and denoising it with probability-flow steps."""
import jax
import jax.numpy as jnp
from flax import nnx

DIM, NUM_SAMPLES = 4, 6
SIGMA_MAX, SIGMA_MIN, LEVELS = 5.0, 0.05, 6


class ScoreNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(DIM + 1, 64, rngs=rngs)
        self.l2 = nnx.Linear(64, DIM, rngs=rngs)

    def __call__(self, x, sigma):
        h = jnp.concatenate([x, jnp.log(sigma)[None]])
        return self.l2(nnx.swish(self.l1(h))) / sigma


class Sampler:
    def __init__(self, score_net, key):
        self.score_net = score_net
        self.key = key

    def denoise(self, x):
        sigmas = jnp.geomspace(SIGMA_MAX, SIGMA_MIN, LEVELS)
        for k in range(LEVELS - 1):
            s, s_next = sigmas[k], sigmas[k + 1]
            x = x + 0.5 * (s ** 2 - s_next ** 2) * self.score_net(x, s)
        return x

    def sample(self, n):
        def body(state):
            i, out = state
            x = SIGMA_MAX * jax.random.normal(self.key, (DIM,))
            return i + 1, out.at[i].set(self.denoise(x))

        return jax.lax.while_loop(lambda s: s[0] < n, body, (0, jnp.zeros((n, DIM))))[1]


def main():
    sampler = Sampler(ScoreNet(nnx.Rngs(0)), jax.random.PRNGKey(3))
    return sampler.sample(NUM_SAMPLES)  # (samples, dim)


if __name__ == "__main__":
    print(main())
