# label: same-values
# flax-error: none
# class: 2 score-SDE Langevin corrector drawing noise with self.make_rng inside a raw scan body
"""Shape from score-based diffusion codebases (score_sde style): a score network trained through
__call__, and a `sample` method run with apply(..., method=...) that loops with jax.lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ScoreNet(nn.Module):
    dim: int = 4
    n_steps: int = 6
    step_size: float = 0.01

    def setup(self):
        self.net = nn.Sequential([nn.Dense(16), nn.swish, nn.Dense(self.dim)])

    def __call__(self, x, t):
        return self.net(jnp.concatenate([x, t[..., None]], axis=-1))

    def sample(self, x_init):
        t = jnp.ones(x_init.shape[:-1])

        def corrector(x, _):
            score = self(x, t)
            noise = jax.random.normal(self.make_rng("sample"), x.shape)
            x = x + self.step_size * score + jnp.sqrt(2 * self.step_size) * noise
            return x, noise

        _, noises = jax.lax.scan(corrector, x_init, None, length=self.n_steps)
        return noises


def main():
    model = ScoreNet()
    x = jnp.zeros((3, 4))
    variables = model.init(jax.random.PRNGKey(0), x, jnp.ones((3,)))
    noises = model.apply(variables, x, method=ScoreNet.sample,
                         rngs={"sample": jax.random.PRNGKey(1)})
    return noises
