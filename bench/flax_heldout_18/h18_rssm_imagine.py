# label: same-values
# flax-error: none
# class: 3 make_rng in a stochastic-state helper reached from img_step inside the scan body of imagine(), run under apply(method=)
"""Dreamer-style recurrent state-space model: observe one step, then imagine a latent trajectory."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class RSSMConfig:
    deter: int = 16
    stoch: int = 4
    hidden: int = 16
    action_dim: int = 2
    min_std: float = 0.1


class RSSM(nn.Module):
    cfg: RSSMConfig

    def setup(self):
        self.img_in = nn.Dense(self.cfg.hidden)
        self.gru = nn.GRUCell(self.cfg.deter)
        self.prior_head = nn.Dense(2 * self.cfg.stoch)
        self.post_head = nn.Dense(2 * self.cfg.stoch)

    def _stats(self, head, h):
        mean, raw_std = jnp.split(head(h), 2, axis=-1)
        return mean, nn.softplus(raw_std) + self.cfg.min_std

    def _sample_stoch(self, mean, std):
        eps = jax.random.normal(self.make_rng("sample"), mean.shape)
        return mean + std * eps, eps

    def img_step(self, state, action):
        x = nn.elu(self.img_in(jnp.concatenate([state["stoch"], action], -1)))
        deter, _ = self.gru(state["deter"], x)
        mean, std = self._stats(self.prior_head, deter)
        stoch, eps = self._sample_stoch(mean, std)
        return {"deter": deter, "stoch": stoch}, {"mean": mean, "std": std, "eps": eps}

    def __call__(self, state, action, embed):
        prior, _ = self.img_step(state, action)
        mean, std = self._stats(self.post_head, jnp.concatenate([prior["deter"], embed], -1))
        stoch, _ = self._sample_stoch(mean, std)
        return {"deter": prior["deter"], "stoch": stoch}

    def imagine(self, start, actions):
        def step(state, action):
            state, stats = self.img_step(state, action)
            return state, stats

        _, stats = jax.lax.scan(step, start, actions)
        return stats


def imagine_rollout(model, variables, start, actions, key):
    return model.apply(variables, start, actions, method=RSSM.imagine, rngs={"sample": key})


def main():
    cfg = RSSMConfig()
    model = RSSM(cfg)
    batch, horizon = 2, 5
    start = {"deter": jnp.zeros((batch, cfg.deter)), "stoch": jnp.zeros((batch, cfg.stoch))}
    action = jnp.zeros((batch, cfg.action_dim))
    embed = jnp.ones((batch, 8))
    variables = model.init({"params": jax.random.key(0), "sample": jax.random.key(1)}, start, action, embed)
    post = model.apply(variables, start, action, embed, rngs={"sample": jax.random.key(2)})
    actions = jnp.tanh(jax.random.normal(jax.random.key(3), (horizon, batch, cfg.action_dim)))
    stats = imagine_rollout(model, variables, post, actions, jax.random.key(4))
    return stats["eps"]
