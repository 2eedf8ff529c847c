# label: ok
# flax-error: none
# class: 4 sampling method run only under apply(..., method=...); its body, wrapped in jax.named_call, calls submodules built by __call__ at init
import jax
import jax.numpy as jnp
import flax.linen as nn


class ARSampler(nn.Module):
    vocab: int = 16
    hidden: int = 32

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.cell = nn.GRUCell(self.hidden)
        self.logits = nn.Dense(self.vocab)

    def __call__(self, tokens):
        h = jnp.zeros((tokens.shape[0], self.hidden))
        h, out = self.cell(h, self.embed(tokens[:, 0]))
        return self.logits(out)

    def sample(self, batch, length, key):
        def body(carry, k):
            h, tok = carry
            h, out = self.cell(h, self.embed(tok))
            tok = jax.random.categorical(k, self.logits(out))
            return (h, tok), tok

        carry = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch,), jnp.int32))
        _, toks = jax.lax.scan(jax.named_call(body, name="ar_step"), carry, jax.random.split(key, length))
        return toks


def main():
    model = ARSampler()
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros((2, 4), jnp.int32))
    toks = model.apply(variables, 2, 8, jax.random.PRNGKey(5), method=ARSampler.sample)
    jax.block_until_ready(toks)
    return None
