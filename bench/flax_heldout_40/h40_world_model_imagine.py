# label: same-values
# flax-error: none
# class: 2 the bound method self.img_step is the jax.lax.scan body and draws its latent noise with self.make_rng('sample') inside the body
"""Latent imagination rollout of a Dreamer-style world model (RSSM prior + actor)."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class RSSMImagination(nn.Module):
    deter: int = 32
    stoch: int = 8
    action_dim: int = 2

    def setup(self):
        self.gru = nn.GRUCell(self.deter)
        self.prior = nn.Dense(2 * self.stoch)
        self.actor = nn.Dense(self.action_dim)

    def img_step(self, state, _):
        h, z = state
        action = jnp.tanh(self.actor(jnp.concatenate([h, z], -1)))
        h, _ = self.gru(h, jnp.concatenate([z, action], -1))
        mean, log_std = jnp.split(self.prior(h), 2, -1)
        eps = jax.random.normal(self.make_rng("sample"), mean.shape)
        z = mean + jnp.exp(log_std) * eps
        return (h, z), eps

    def imagine(self, start, horizon: int):
        _, eps = jax.lax.scan(self.img_step, start, None, length=horizon)
        return eps

    def __call__(self, start):
        return self.img_step(start, None)[0]


def main():
    batch = 4
    model = RSSMImagination()
    start = (jnp.zeros((batch, model.deter)), jnp.zeros((batch, model.stoch)))
    variables = model.init({"params": jax.random.key(0), "sample": jax.random.key(1)}, start)
    eps = model.apply(variables, start, 15, method=RSSMImagination.imagine,
                      rngs={"sample": jax.random.key(2)})
    return eps
