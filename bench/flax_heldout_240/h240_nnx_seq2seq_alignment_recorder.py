# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 Seq2Seq.teacher_force threads the decoder state through the scan carry and hands each merged decoder to self.recorder, an AlignmentRecorder attribute, which keeps it for after the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

VOCAB = 10
HID = 16
BATCH = 3
SRC_LEN = 6


class AttnWeights(nnx.Variable):
    pass


class BahdanauAttention(nnx.Module):
    def __init__(self, hidden, *, rngs):
        self.w_q = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)
        self.w_k = nnx.Linear(hidden, hidden, use_bias=False, rngs=rngs)
        self.v = nnx.Linear(hidden, 1, use_bias=False, rngs=rngs)
        self.last_weights = AttnWeights(jnp.zeros((BATCH, SRC_LEN)))

    def __call__(self, query, memory):
        scores = self.v(jnp.tanh(self.w_q(query)[:, None] + self.w_k(memory))).squeeze(-1)
        weights = nnx.softmax(scores, axis=-1)
        self.last_weights[...] = weights
        return jnp.einsum("bs,bsh->bh", weights, memory)


class Decoder(nnx.Module):
    def __init__(self, *, rngs):
        self.embed = nnx.Embed(VOCAB, HID, rngs=rngs)
        self.emb_dropout = nnx.Dropout(0.1, rngs=rngs)
        self.attention = BahdanauAttention(HID, rngs=rngs)
        self.cell = nnx.GRUCell(2 * HID, HID, rngs=rngs)
        self.out = nnx.Linear(HID, VOCAB, rngs=rngs)

    def __call__(self, h, token, memory):
        context = self.attention(h, memory)
        x = jnp.concatenate([self.emb_dropout(self.embed(token)), context], axis=-1)
        h, _ = self.cell(h, x)
        return h, self.out(h)


class AlignmentRecorder:
    def __init__(self):
        self.decoder = None

    def record(self, decoder):
        self.decoder = decoder

    def alignment_entropy(self):
        w = self.decoder.attention.last_weights[...]
        return -(w * jnp.log(w + 1e-9)).sum(-1).mean()


class Seq2Seq:
    def __init__(self, rngs):
        self.src_embed = nnx.Embed(VOCAB, HID, rngs=rngs)
        self.decoder = Decoder(rngs=rngs)
        self.recorder = AlignmentRecorder()

    def teacher_force(self, src, tgt_in):
        memory = jnp.tanh(self.src_embed(src))
        graphdef, state = nnx.split(self.decoder)

        def step(carry, token):
            state, h = carry
            decoder = nnx.merge(graphdef, state)
            h, logits = decoder(h, token, memory)
            self.recorder.record(decoder)
            return (nnx.state(decoder), h), logits

        (state, _), logits = scan(step, (state, memory.mean(axis=1)), tgt_in.T)
        nnx.update(self.decoder, state)
        return jnp.swapaxes(logits, 0, 1)


def main():
    model = Seq2Seq(nnx.Rngs(params=0, dropout=1))
    src = jax.random.randint(jax.random.key(1), (BATCH, SRC_LEN), 1, VOCAB)
    tgt_in = jax.random.randint(jax.random.key(2), (BATCH, 5), 1, VOCAB)
    logits = model.teacher_force(src, tgt_in)
    entropy = model.recorder.alignment_entropy()
    jax.block_until_ready((logits, entropy))
