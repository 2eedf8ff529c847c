# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "hidden" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 params and the decoder cache held in locals of main go into the scan body, which applies decode_step without mutable
"""GRU sequence-to-sequence model trained with teacher forcing.

The decoder keeps its hidden state in the 'cache' collection (as the Flax decoding examples
do). The teacher-forced pass is a raw scan over the target tokens that applies decode_step
with the cache from the encoder."""
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
    cache = state["cache"]

    def teacher_forced(carry, tok):
        # the ground-truth token is fed at every step, not the model's prediction
        logits = model.apply({"params": params, "cache": cache}, tok, method=Seq2Seq.decode_step)
        return carry, logits

    _, logits = lax.scan(teacher_forced, None, tgt[:-1])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, tgt[1:]).mean()
    print("teacher-forced loss", loss)
