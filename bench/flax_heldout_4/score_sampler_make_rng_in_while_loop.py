# label: same-values
# flax-error: none
# class: 3 annealed Langevin sampler method draws self.make_rng("noise") inside a while_loop body, run under apply
import jax
import jax.numpy as jnp
import flax.linen as nn


class ScoreNet(nn.Module):
    @nn.compact
    def __call__(self, x, sigma):
        h = jnp.concatenate([x, jnp.broadcast_to(sigma, x.shape[:-1] + (1,))], -1)
        h = nn.swish(nn.Dense(32)(h))
        return nn.Dense(x.shape[-1])(h) / sigma

    def sample(self, x0, sigmas):
        n = sigmas.shape[0]

        def cond(state):
            i, _, _ = state
            return i < n

        def body(state):
            i, x, noises = state
            sigma = sigmas[i]
            eps = 0.1 * sigma ** 2
            z = jax.random.normal(self.make_rng("noise"), x.shape)
            x = x + eps * self(x, sigma) + jnp.sqrt(2 * eps) * z
            return i + 1, x, noises.at[i].set(z)

        noises = jnp.zeros((n,) + x0.shape)
        _, x, noises = jax.lax.while_loop(cond, body, (0, x0, noises))
        return x, noises


def main():
    model = ScoreNet()
    x0 = jnp.zeros((4, 2))
    sigmas = jnp.geomspace(1.0, 0.01, 8)
    params = model.init(jax.random.PRNGKey(0), x0, 1.0)
    _, noises = model.apply(params, x0, sigmas, method=ScoreNet.sample,
                            rngs={"noise": jax.random.PRNGKey(1)})
    return noises
