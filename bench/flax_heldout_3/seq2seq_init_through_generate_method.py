# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 init called with method=generate, so setup submodules are first used in the scan body
"""Shape from HF/flax seq2seq code where users initialise a model by running its generation
method (init(..., method=Model.generate)) instead of the teacher-forced __call__."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Seq2Seq(nn.Module):
    vocab: int = 12
    hidden: int = 8
    max_len: int = 4

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.encoder = nn.RNN(nn.GRUCell(self.hidden), return_carry=True)
        self.decoder_cell = nn.GRUCell(self.hidden)
        self.out = nn.Dense(self.vocab)

    def __call__(self, src, tgt):
        h, _ = self.encoder(self.embed(src))
        ys = []
        for t in range(tgt.shape[1]):
            h, y = self.decoder_cell(h, self.embed(tgt[:, t]))
            ys.append(self.out(y))
        return jnp.stack(ys, 1)

    def generate(self, src):
        h, _ = self.encoder(self.embed(src))

        def step(carry, _):
            h, tok = carry
            h, y = self.decoder_cell(h, self.embed(tok))
            tok = jnp.argmax(self.out(y), -1)
            return (h, tok), tok

        bos = jnp.zeros(src.shape[:1], jnp.int32)
        _, toks = jax.lax.scan(step, (h, bos), None, length=self.max_len)
        return toks.T


def main():
    model = Seq2Seq()
    src = jnp.ones((2, 5), jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), src, method=Seq2Seq.generate)
    toks = model.apply(variables, src, method=Seq2Seq.generate)
    jax.block_until_ready(toks)
    return None
