# label: ok
# flax-error: none
# class: 4 Tagger.__call__ runs the fori_loop; the body calls self.encoder.step with a key folded from one make_rng('dropout') and the step index
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class RecurrentEncoder(nn.Module):
    vocab_size: int
    dim: int
    rate: float

    def setup(self):
        self.embed = nn.Embed(self.vocab_size, self.dim)
        self.w_xh = self.param("w_xh", nn.initializers.xavier_uniform(), (self.dim, self.dim))
        self.w_hh = self.param("w_hh", nn.initializers.orthogonal(), (self.dim, self.dim))
        self.dropout = nn.Dropout(self.rate)

    def embed_tokens(self, tokens):
        return self.embed(tokens)

    def step(self, h, e, train: bool, rng=None):
        e = self.dropout(e, deterministic=not train, rng=rng)
        h = jnp.tanh(e @ self.w_xh + h @ self.w_hh)
        return h, e


class Tagger(nn.Module):
    vocab_size: int = 20
    dim: int = 16
    num_tags: int = 5
    rate: float = 0.3

    def setup(self):
        self.encoder = RecurrentEncoder(self.vocab_size, self.dim, self.rate)
        self.classifier = nn.Dense(self.num_tags)

    def __call__(self, tokens, train: bool = False):
        length, batch = tokens.shape
        emb = self.encoder.embed_tokens(tokens)
        base_key = self.make_rng("dropout") if train else None

        def body(t, carry):
            h, hs, dropped = carry
            key = jax.random.fold_in(base_key, t) if train else None
            h, e = self.encoder.step(h, emb[t], train, rng=key)
            return h, hs.at[t].set(h), dropped.at[t].set(e)

        h0 = jnp.zeros((batch, self.dim))
        init = (h0, jnp.zeros((length, batch, self.dim)), jnp.zeros((length, batch, self.dim)))
        _, hs, dropped = lax.fori_loop(0, length, body, init)
        return self.classifier(hs), dropped


def main():
    tagger = Tagger()
    tokens = jnp.full((6, 2), 3, dtype=jnp.int32)  # one repeated token: the same input at every step
    params = tagger.init(jax.random.PRNGKey(0), tokens)["params"]
    logits, dropped = tagger.apply({"params": params}, tokens, train=True,
                                   rngs={"dropout": jax.random.PRNGKey(42)})
    return dropped
