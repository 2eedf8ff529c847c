# label: ok
# flax-error: none
# class: 3 apply(method=, mutable=["cache"]) inside the scan body, with the cache carried through the carry
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class ChessConfig:
    n_moves: int = 20
    dim: int = 8
    max_plies: int = 6


class MoveHistory(nn.Module):
    dim: int
    max_len: int

    @nn.compact
    def __call__(self, x):
        keys = self.variable("cache", "keys", jnp.zeros, (self.max_len, self.dim))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        proj = nn.Dense(self.dim, name="key_proj")(x)
        if not self.is_initializing():
            keys.value = jax.lax.dynamic_update_slice(keys.value, proj[None], (index.value, 0))
            index.value = index.value + 1
        scores = keys.value @ x
        return jax.nn.softmax(scores) @ keys.value


class MovePredictor(nn.Module):
    cfg: ChessConfig

    def setup(self):
        self.embed = nn.Embed(self.cfg.n_moves, self.cfg.dim)
        self.history = MoveHistory(self.cfg.dim, self.cfg.max_plies)
        self.head = nn.Dense(self.cfg.n_moves)

    def predict(self, token):
        h = self.embed(token)
        return self.head(h + self.history(h))

    def decode_step(self, token, _):
        logits = self.predict(token)
        return jnp.argmax(logits).astype(jnp.int32), logits


class SelfPlayRunner:
    def __init__(self, cfg, variables):
        self.cfg = cfg
        self.model = MovePredictor(cfg)
        self.variables = variables

    def _ply(self, carry, _):
        token, cache = carry
        variables = {"params": self.variables["params"], "cache": cache}
        (token, logits), mutated = self.model.apply(
            variables, token, None, method=MovePredictor.decode_step, mutable=["cache"])
        return (token, mutated["cache"]), logits

    def play(self, opening):
        carry = (opening, self.variables["cache"])
        (_, cache), logits = jax.lax.scan(self._ply, carry, None, length=self.cfg.max_plies)
        return logits, cache


def main():
    cfg = ChessConfig()
    model = MovePredictor(cfg)
    opening = jnp.array(3, jnp.int32)
    variables = model.init(jax.random.key(0), opening, method=MovePredictor.predict)
    runner = SelfPlayRunner(cfg, variables)
    logits, cache = runner.play(opening)
    played = jnp.arange(cfg.max_plies) < cache["history"]["index"]
    _ = float(jnp.where(played, logits.max(axis=-1), 0.0).sum())
    return None
