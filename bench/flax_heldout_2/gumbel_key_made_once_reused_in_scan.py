# label: same-values
# flax-error: none
# class: 3 sampling method takes one make_rng key before the scan and reuses it unchanged every step
import jax
import jax.numpy as jnp
import flax.linen as nn


class TokenSampler(nn.Module):
    vocab: int = 12

    @nn.compact
    def __call__(self, tok):
        return nn.Dense(self.vocab)(nn.Embed(self.vocab, 16)(tok))

    def sample(self, tok, length: int):
        key = self.make_rng("sample")

        def body(tok, _):
            logits = self(tok)
            g = jax.random.gumbel(key, logits.shape)
            tok = jnp.argmax(logits + g, axis=-1)
            return tok, g

        _, gs = jax.lax.scan(body, tok, None, length=length)
        return gs


def main():
    tok = jnp.zeros((2,), jnp.int32)
    model = TokenSampler()
    params = model.init(jax.random.PRNGKey(0), tok)
    return model.apply(params, tok, 5, method=TokenSampler.sample,
                       rngs={"sample": jax.random.PRNGKey(9)})
