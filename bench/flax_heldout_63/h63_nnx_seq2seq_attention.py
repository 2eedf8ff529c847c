# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the model merged from the scan carry is stored in an outer dict by the body and used for decoding after the loop
"""NNX seq2seq with dot-product attention, teacher-forcing training steps in jax.lax.scan, then greedy decoding."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

VOCAB, H = 10, 16


class Seq2Seq(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.src_embed = nnx.Embed(VOCAB, H, rngs=rngs)
        self.tgt_embed = nnx.Embed(VOCAB, H, rngs=rngs)
        self.encoder = nnx.Linear(H, H, rngs=rngs)
        self.cell = nnx.GRUCell(2 * H, H, rngs=rngs)
        self.out = nnx.Linear(2 * H, VOCAB, rngs=rngs)

    def step(self, enc, h, tok):
        scores = jnp.einsum("bsh,bh->bs", enc, h)
        ctx = jnp.einsum("bs,bsh->bh", jax.nn.softmax(scores, -1), enc)
        h, _ = self.cell(h, jnp.concatenate([self.tgt_embed(tok), ctx], -1))
        return h, self.out(jnp.concatenate([h, ctx], -1))

    def __call__(self, src, tgt_in):
        enc = jnp.tanh(self.encoder(self.src_embed(src)))
        h, logits = enc.mean(1), []
        for t in range(tgt_in.shape[1]):  # teacher forcing
            h, y = self.step(enc, h, tgt_in[:, t])
            logits.append(y)
        return jnp.stack(logits, 1)


def main():
    model = Seq2Seq(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    src = jax.random.randint(jax.random.key(1), (4, 2, 5), 1, VOCAB)
    tgt = jnp.flip(src, -1)
    graphdef, state = nnx.split((model, optimizer))
    trained = {}

    def loss_fn(model, src, tgt):
        tgt_in = jnp.concatenate([jnp.zeros_like(tgt[:, :1]), tgt[:, :-1]], 1)
        logits = model(src, tgt_in)
        return optax.softmax_cross_entropy_with_integer_labels(logits, tgt).mean()

    def train_step(state, batch):
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, *batch)
        optimizer.update(model, grads)
        trained["model"] = model
        return nnx.state((model, optimizer)), loss

    state, losses = jax.lax.scan(train_step, state, (src, tgt))
    best = trained["model"]
    enc = jnp.tanh(best.encoder(best.src_embed(src[0])))
    h, tok = enc.mean(1), jnp.zeros((2,), jnp.int32)
    for _ in range(5):
        h, logits = best.step(enc, h, tok)
        tok = jnp.argmax(logits, -1)
    tok.block_until_ready()
    return None
