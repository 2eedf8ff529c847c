# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/MultiHeadDotProductAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the decoder variables (params and attention cache) are a local of greedy_decode that the while_loop body applies without mutable
"""Air-traffic-control transcript post-processing: greedy callsign decoding.

A tiny autoregressive decoder with a key/value cache (Flax attention in decode
mode) completes callsigns from a partially recognised radio transmission.
"""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn

VOCAB = 40
MAX_LEN = 8


class CallsignDecoder(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(VOCAB, self.features)(tokens)
        x = x + nn.MultiHeadDotProductAttention(num_heads=2, qkv_features=self.features, decode=True)(x)
        return nn.Dense(VOCAB)(x)


def init_decoder(model, batch):
    variables = model.init(jax.random.key(0), jnp.zeros((batch, MAX_LEN), jnp.int32))
    return variables


def greedy_decode(model, variables, prefix_token):
    def not_done(state):
        step, _, _ = state
        return step < MAX_LEN

    def next_token(state):
        step, token, out = state
        logits = model.apply(variables, token[:, None])
        token = jnp.argmax(logits[:, -1], axis=-1).astype(jnp.int32)
        return step + 1, token, out.at[:, step].set(token)

    out = jnp.zeros((prefix_token.shape[0], MAX_LEN), jnp.int32)
    _, _, out = lax.while_loop(not_done, next_token, (0, prefix_token, out))
    return out


def main():
    model = CallsignDecoder()
    variables = init_decoder(model, batch=3)
    callsigns = greedy_decode(model, variables, jnp.array([3, 17, 22], jnp.int32))
    print(callsigns)
