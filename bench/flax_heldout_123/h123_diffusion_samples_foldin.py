# label: ok
# flax-error: none
# class: 1 ScoreSDE.sample runs the fori_loop itself; one make_rng('noise') key taken before the loop is folded with the sample index
"""Score-based diffusion sampler, fixed: ScoreSDE.sample takes one key from
self.make_rng('noise') before lax.fori_loop and folds the sample index into it."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

DIM = 8
SIGMA_MAX, SIGMA_MIN, LEVELS = 5.0, 0.05, 6


class ScoreNet(nn.Module):
    hidden: int = 64

    @nn.compact
    def __call__(self, x, sigma):
        h = jnp.concatenate([x, jnp.log(sigma)[None]], axis=-1)
        h = nn.swish(nn.Dense(self.hidden)(h))
        h = nn.swish(nn.Dense(self.hidden)(h))
        return nn.Dense(x.shape[-1])(h) / sigma


class ScoreSDE(nn.Module):
    def setup(self):
        self.score = ScoreNet()

    def __call__(self, x, sigma):
        return self.score(x, sigma)

    def denoise(self, x):
        sigmas = jnp.geomspace(SIGMA_MAX, SIGMA_MIN, LEVELS)
        for k in range(LEVELS - 1):
            s, s_next = sigmas[k], sigmas[k + 1]
            x = x + 0.5 * (s ** 2 - s_next ** 2) * self.score(x, s)
        return x

    def sample(self, num_samples):
        base = self.make_rng("noise")

        def draw(i, samples):
            x = SIGMA_MAX * jax.random.normal(jax.random.fold_in(base, i), (DIM,))
            return samples.at[i].set(self.denoise(x))

        return lax.fori_loop(0, num_samples, draw, jnp.zeros((num_samples, DIM)))


def main():
    model = ScoreSDE()
    params = model.init(jax.random.PRNGKey(0), jnp.zeros((DIM,)), jnp.array(1.0))
    samples = model.apply(params, 6, method=ScoreSDE.sample,
                          rngs={"noise": jax.random.PRNGKey(7)})
    return samples


if __name__ == "__main__":
    print(main())
