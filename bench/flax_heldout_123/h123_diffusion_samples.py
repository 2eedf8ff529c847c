# label: same-values
# flax-error: none
# class: 1 ScoreSDE.sample runs the fori_loop itself and calls self.make_rng('noise') for each sample's starting point
"""Score-based diffusion sampler (noise-conditional score net, probability-flow steps).
ScoreSDE.sample fills a batch of samples with lax.fori_loop; each sample starts from Gaussian
noise drawn with self.make_rng('noise') inside the loop body ("all my samples are identical")."""
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
        def draw(i, samples):
            x = SIGMA_MAX * jax.random.normal(self.make_rng("noise"), (DIM,))
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
