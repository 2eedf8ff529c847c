# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/MultiHeadDotProductAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the Drafter holds the draft model's 'cache' collection as an attribute; the while_loop body applies the model with it, cache not mutable
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class TinyLM(nn.Module):
    vocab: int = 32
    dim: int = 16
    decode: bool = False

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(self.vocab, self.dim)(tokens)
        mask = None if self.decode else nn.make_causal_mask(tokens)
        x = x + nn.MultiHeadDotProductAttention(num_heads=2, decode=self.decode)(x, mask=mask)
        x = x + nn.Dense(self.dim)(nn.gelu(nn.Dense(2 * self.dim)(x)))
        return nn.Dense(self.vocab)(x)


@dataclasses.dataclass
class Drafter:
    model: TinyLM
    params: Any
    cache: Any

    @classmethod
    def create(cls, key, max_len, **kwargs):
        model = TinyLM(decode=True, **kwargs)
        variables = model.init(key, jnp.zeros((1, max_len), jnp.int32))
        return cls(model, variables["params"], variables["cache"])

    def draft(self, last_token, num_draft):
        buf = jnp.zeros((1, num_draft), jnp.int32)

        def cond(state):
            i, _, _ = state
            return i < num_draft

        def body(state):
            i, token, buf = state
            logits = self.model.apply({"params": self.params, "cache": self.cache}, token)
            token = jnp.argmax(logits[:, -1], axis=-1, keepdims=True).astype(jnp.int32)
            buf = buf.at[:, i].set(token[:, 0])
            return i + 1, token, buf

        _, _, buf = while_loop(cond, body, (0, last_token, buf))
        return buf


def verify(target, target_params, prefix, drafted):
    seq = jnp.concatenate([prefix, drafted], axis=1)
    logits = target.apply({"params": target_params}, seq)
    greedy = jnp.argmax(logits[:, prefix.shape[1] - 1:-1], axis=-1)
    accepted = jnp.cumprod(greedy == drafted, axis=1).sum(axis=1)
    return accepted


def main():
    num_draft, max_len = 4, 8
    drafter = Drafter.create(jax.random.key(0), max_len)
    target = TinyLM(dim=32)
    prefix = jnp.array([[3, 7, 1]], jnp.int32)
    target_params = target.init(jax.random.key(1), prefix)["params"]
    drafted = drafter.draft(prefix[:, -1:], num_draft)
    accepted = verify(target, target_params, prefix, drafted)
    jax.block_until_ready(accepted)
    return None
