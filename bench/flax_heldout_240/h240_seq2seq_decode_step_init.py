# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_decode_step closes over the decoder's GRU cell, attention, embedding and projection; the fori_loop body it returns is where their params are first created during init
import jax
import jax.numpy as jnp
import optax
import flax.linen as nn

lax = jax.lax

VOCAB = 12
EMB = 8
HID = 16
BOS = 1


class Encoder(nn.Module):
    @nn.compact
    def __call__(self, src):
        x = nn.Embed(VOCAB, EMB)(src)
        return nn.tanh(nn.Dense(HID)(x))


class AdditiveAttention(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, query, keys):
        q = nn.Dense(self.hidden, use_bias=False, name="query")(query)[:, None, :]
        k = nn.Dense(self.hidden, use_bias=False, name="key")(keys)
        scores = nn.Dense(1, use_bias=False, name="energy")(jnp.tanh(q + k)).squeeze(-1)
        weights = nn.softmax(scores, axis=-1)
        return jnp.einsum("bs,bsh->bh", weights, keys), weights


def make_decode_step(cell, attend, embed, project, enc_out, targets):
    def step(t, state):
        h, logits_buf = state
        prev_tok = jnp.where(t == 0, BOS, targets[:, jnp.maximum(t - 1, 0)])
        context, _ = attend(h, enc_out)
        h, out = cell(h, jnp.concatenate([embed(prev_tok), context], axis=-1))
        logits = project(jnp.concatenate([out, context], axis=-1))
        return h, logits_buf.at[:, t].set(logits)

    return step


class AttnDecoder(nn.Module):
    @nn.compact
    def __call__(self, enc_out, targets):
        cell = nn.GRUCell(features=HID)
        attend = AdditiveAttention(HID)
        embed = nn.Embed(VOCAB, EMB)
        project = nn.Dense(VOCAB)
        step = make_decode_step(cell, attend, embed, project, enc_out, targets)
        h0 = jnp.mean(enc_out, axis=1)
        logits_buf = jnp.zeros(targets.shape + (VOCAB,))
        _, logits = lax.fori_loop(0, targets.shape[1], step, (h0, logits_buf))
        return logits


class Seq2Seq(nn.Module):
    def setup(self):
        self.encoder = Encoder()
        self.decoder = AttnDecoder()

    def __call__(self, src, targets):
        return self.decoder(self.encoder(src), targets)


def main():
    src = jax.random.randint(jax.random.key(1), (2, 5), 2, VOCAB)
    tgt = jax.random.randint(jax.random.key(2), (2, 4), 2, VOCAB)
    model = Seq2Seq()
    variables = model.init(jax.random.key(0), src, tgt)
    logits = model.apply(variables, src, tgt)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, tgt).mean()
    jax.block_until_ready(loss)
