# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/SelfAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the scan body passes the Decoder attribute self.variables (params and the attention "cache") to model.apply
"""Autoregressive sampling from a small transformer LM with nn.SelfAttention(decode=True).

The cache is created by initialising with a full-length dummy sequence, then tokens are fed one
at a time inside lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

VOCAB, D, MAXLEN, HEADS = 13, 16, 8, 2


class TinyLM(nn.Module):
    decode: bool = True

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(VOCAB, D)(tokens)
        x = x + nn.SelfAttention(num_heads=HEADS, decode=self.decode)(x)
        x = nn.LayerNorm()(x)
        return nn.Dense(VOCAB)(x)


class Decoder:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def greedy(self, first_token, steps):
        def body(token, _):
            logits = self.model.apply(self.variables, token[None, None])
            token = jnp.argmax(logits[0, -1]).astype(jnp.int32)
            return token, token

        _, tokens = scan(body, first_token, None, length=steps)
        return tokens


def main():
    model = TinyLM()
    variables = model.init(jax.random.key(0), jnp.zeros((1, MAXLEN), jnp.int32))
    decoder = Decoder(model, variables)
    decoder.greedy(jnp.array(1, jnp.int32), MAXLEN - 1)
    return None


if __name__ == "__main__":
    main()
