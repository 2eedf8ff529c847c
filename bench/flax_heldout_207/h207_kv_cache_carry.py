# label: ok
# flax-error: none
# class: 3 the scan body applies the model with the Decoder attribute self.params and a "cache" collection carried through the scan, mutable=["cache"]
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
        self.params = variables["params"]
        self.cache = variables["cache"]

    def greedy(self, first_token, steps):
        def body(carry, _):
            token, cache = carry
            logits, updates = self.model.apply(
                {"params": self.params, "cache": cache}, token[None, None], mutable=["cache"]
            )
            token = jnp.argmax(logits[0, -1]).astype(jnp.int32)
            return (token, updates["cache"]), token

        (_, self.cache), tokens = scan(body, (first_token, self.cache), None, length=steps)
        return tokens


def main():
    model = TinyLM()
    variables = model.init(jax.random.key(0), jnp.zeros((1, MAXLEN), jnp.int32))
    decoder = Decoder(model, variables)
    decoder.greedy(jnp.array(1, jnp.int32), MAXLEN - 1)
    return None


if __name__ == "__main__":
    main()
