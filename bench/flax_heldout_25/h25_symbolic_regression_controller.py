# label: same-values
# flax-error: none
# class: 2 nn.Dropout in the controller cell (deterministic=False) called from a lambda scan body
"""Symbolic regression: an RNN controller proposes expression tokens, regularised with dropout."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class ControllerConfig:
    vocab: int = 9
    hidden: int = 20
    max_tokens: int = 5
    dropout: float = 0.3


class TokenEmbedding(nn.Module):
    cfg: ControllerConfig

    @nn.compact
    def __call__(self, query, deterministic):
        q = nn.Dense(self.cfg.hidden, name="query_proj")(query)
        return nn.Dropout(self.cfg.dropout)(q, deterministic=deterministic)


class Controller(nn.Module):
    cfg: ControllerConfig

    def setup(self):
        self.embed = TokenEmbedding(self.cfg)
        self.cell = nn.GRUCell(self.cfg.hidden)
        self.policy = nn.Dense(self.cfg.vocab)

    def step(self, h, query, deterministic):
        features = self.embed(query, deterministic)
        h, out = self.cell(h, features)
        return h, (self.policy(out), features)

    def __call__(self, query, deterministic=False):
        h = jnp.zeros((self.cfg.hidden,))
        h, _ = self.step(h, query, True)
        h, (logits, features) = jax.lax.scan(
            lambda c, _: self.step(c, query, deterministic), h, None, length=self.cfg.max_tokens)
        return jnp.argmax(logits, -1), features


def main():
    cfg = ControllerConfig()
    controller = Controller(cfg)
    query = jnp.linspace(-1.0, 1.0, 6)
    variables = controller.init(jax.random.key(0), query, True)
    tokens, features = controller.apply(variables, query, False, rngs={"dropout": jax.random.key(4)})
    print("expression tokens", tokens.tolist())
    return features
