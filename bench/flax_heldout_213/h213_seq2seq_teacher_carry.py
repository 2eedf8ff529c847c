# label: ok
# flax-error: none
# class: 2 params held in a local of main go into the scan body; the decoder cache travels in the scan carry with mutable=['cache']
"""GRU sequence-to-sequence model trained with teacher forcing.

Twin of h213_seq2seq_teacher: the cache collection is the scan carry, decode_step is applied
with mutable=['cache'] and the updated cache is returned as the next carry."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

lax = jax.lax


class Encoder(nn.Module):
    vocab: int
    dim: int

    @nn.compact
    def __call__(self, src):
        emb = nn.Embed(self.vocab, self.dim)(src)
        return jnp.tanh(nn.Dense(self.dim)(emb.mean(axis=0)))


class Seq2Seq(nn.Module):
    vocab: int = 20
    dim: int = 16

    def setup(self):
        self.encoder = Encoder(self.vocab, self.dim)
        self.embed = nn.Embed(self.vocab, self.dim)
        self.cell = nn.GRUCell(features=self.dim)
        self.out = nn.Dense(self.vocab)
        self.hidden = self.variable("cache", "hidden", jnp.zeros, (self.dim,))

    def __call__(self, src, tok):
        self.start(src)
        return self.decode_step(tok)

    def start(self, src):
        self.hidden.value = self.encoder(src)

    def decode_step(self, tok):
        new_h, y = self.cell(self.hidden.value, self.embed(tok))
        self.hidden.value = new_h
        return self.out(y)


def main():
    model = Seq2Seq()
    src = jnp.array([3, 5, 7, 2])
    tgt = jnp.array([1, 4, 6, 8, 9, 2])
    variables = model.init(jax.random.PRNGKey(0), src, tgt[0])
    params = variables["params"]
    _, state = model.apply({"params": params}, src, method=Seq2Seq.start, mutable=["cache"])

    def teacher_forced(cache, tok):
        # the ground-truth token is fed at every step, not the model's prediction
        logits, updated = model.apply(
            {"params": params, "cache": cache}, tok, method=Seq2Seq.decode_step, mutable=["cache"]
        )
        return updated["cache"], logits

    _, logits = lax.scan(teacher_forced, state["cache"], tgt[:-1])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, tgt[1:]).mean()
    print("teacher-forced loss", loss)
