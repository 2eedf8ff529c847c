# label: same-values
# flax-error: none
# class: 2 Gaussian actor that draws exploration noise with self.make_rng in a nested scan body
"""Shape from purejaxrl/brax-style actors (a distribution head, then sampling actions for a
rollout) with the random draw done by make_rng inside the jax.lax.scan body."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class GaussianActor(nn.Module):
    action_dim: int = 2

    @nn.compact
    def __call__(self, obs_seq):
        mu_head = nn.Dense(self.action_dim, name="mu")
        log_std = self.param("log_std", nn.initializers.zeros, (self.action_dim,))
        mus = mu_head(obs_seq)  # all heads built before the rollout

        def act(_, mu):
            eps = jax.random.normal(self.make_rng("explore"), mu.shape)
            return None, mu + jnp.exp(log_std) * eps

        _, actions = jax.lax.scan(act, None, mus)
        return actions


def main():
    model = GaussianActor()
    obs = jnp.zeros((6, 3, 4))
    variables = model.init({"params": jax.random.PRNGKey(0), "explore": jax.random.PRNGKey(1)}, obs)
    actions = model.apply(variables, obs, rngs={"explore": jax.random.PRNGKey(2)})
    return actions
