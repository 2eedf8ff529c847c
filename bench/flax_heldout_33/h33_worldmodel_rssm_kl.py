# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 RSSM.observe_step() sows the per-step KL into 'intermediates'; the scan body inside WorldModel.observe() calls it, and the training loss reads the sown values
"""Recurrent state-space model (Dreamer-style) trained on a short observed sequence.

The posterior is filtered over the sequence; the KL between posterior and prior
is collected with `sow` so the loss can weight it separately from reconstruction.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class RSSMConfig:
    obs_dim: int = 10
    act_dim: int = 2
    deter: int = 16
    stoch: int = 4
    hidden: int = 16
    kl_scale: float = 0.5


def gaussian_kl(mu_q, std_q, mu_p, std_p):
    return jnp.sum(jnp.log(std_p / std_q) + (std_q ** 2 + (mu_q - mu_p) ** 2) / (2 * std_p ** 2) - 0.5, -1)


class GaussianHead(nn.Module):
    hidden: int
    stoch: int

    @nn.compact
    def __call__(self, x):
        h = nn.elu(nn.Dense(self.hidden)(x))
        mu, raw = jnp.split(nn.Dense(2 * self.stoch)(h), 2, axis=-1)
        return mu, nn.softplus(raw) + 0.1


class RSSM(nn.Module):
    cfg: RSSMConfig

    def setup(self):
        c = self.cfg
        self.inp = nn.Dense(c.hidden)
        self.gru = nn.GRUCell(c.deter)
        self.prior = GaussianHead(c.hidden, c.stoch)
        self.posterior = GaussianHead(c.hidden, c.stoch)

    def observe_step(self, state, action, embed):
        deter, stoch = state
        x = nn.elu(self.inp(jnp.concatenate([stoch, action], -1)))
        deter, _ = self.gru(deter, x)
        mu_p, std_p = self.prior(deter)
        mu_q, std_q = self.posterior(jnp.concatenate([deter, embed], -1))
        stoch = mu_q  # mean of the posterior; sampling is done by the actor
        self.sow("intermediates", "kl", gaussian_kl(mu_q, std_q, mu_p, std_p))
        return (deter, stoch), jnp.concatenate([deter, stoch], -1)


class WorldModel(nn.Module):
    cfg: RSSMConfig

    def setup(self):
        self.encoder = nn.Dense(self.cfg.hidden)
        self.rssm = RSSM(self.cfg)
        self.decoder = nn.Dense(self.cfg.obs_dim)

    def observe(self, obs, actions):
        c = self.cfg
        embeds = nn.elu(self.encoder(obs))
        state = (jnp.zeros((obs.shape[1], c.deter)), jnp.zeros((obs.shape[1], c.stoch)))
        # the first step consumes the reset action and the first embedding
        state, feat0 = self.rssm.observe_step(state, actions[0], embeds[0])

        def body(state, inputs):
            act, emb = inputs
            return self.rssm.observe_step(state, act, emb)

        _, feats = lax.scan(body, state, (actions[1:], embeds[1:]))
        return jnp.concatenate([feat0[None], feats], 0)

    def __call__(self, obs, actions):
        return self.decoder(self.observe(obs, actions))


def loss_fn(model, params, obs, actions):
    recon, state = model.apply({"params": params}, obs, actions, mutable=["intermediates"])
    kl_terms = state["intermediates"]["rssm"]["kl"]
    kl = jnp.mean(jnp.stack(kl_terms))
    return jnp.mean((recon - obs) ** 2) + model.cfg.kl_scale * kl


def main():
    cfg = RSSMConfig()
    model = WorldModel(cfg)
    k1, k2, k3 = jax.random.split(jax.random.PRNGKey(0), 3)
    obs = jax.random.normal(k1, (6, 3, cfg.obs_dim))       # (time, batch, obs)
    actions = jax.random.normal(k2, (6, 3, cfg.act_dim))
    params = jax.jit(model.init)(k3, obs, actions)["params"]
    grad_fn = jax.jit(jax.grad(lambda p: loss_fn(model, p, obs, actions)))
    grads = grad_fn(params)
    jax.block_until_ready(grads)
    return None
