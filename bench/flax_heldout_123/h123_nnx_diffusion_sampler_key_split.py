# label: ok
# flax-error: none
# class: 3 the Sampler's key attribute enters the while_loop state once and is split in every iteration
"""Score-based diffusion with an NNX score network, fixed: Sampler.sample puts self.key into the
lax.while_loop state and splits it in every iteration, so every sample starts from new noise."""
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
            i, out, key = state
            key, sub = jax.random.split(key)
            x = SIGMA_MAX * jax.random.normal(sub, (DIM,))
            return i + 1, out.at[i].set(self.denoise(x)), key

        init = (0, jnp.zeros((n, DIM)), self.key)
        return jax.lax.while_loop(lambda s: s[0] < n, body, init)[1]


def main():
    sampler = Sampler(ScoreNet(nnx.Rngs(0)), jax.random.PRNGKey(3))
    return sampler.sample(NUM_SAMPLES)  # (samples, dim)


if __name__ == "__main__":
    print(main())
