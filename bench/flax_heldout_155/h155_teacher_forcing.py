# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the decoder's own __call__ scans over the target tokens; GRUCell and Dense are first called inside the body during init
"""Seq2seq decoder trained with teacher forcing.

Modelled on reports of the form "UnexpectedTracerError when I init my decoder that uses
lax.scan": the decoder declares its submodules in @nn.compact and only ever calls them
inside the scan body, so their parameters are created while the body is being traced.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB = 12
HIDDEN = 16


class Decoder(nn.Module):
    vocab: int = VOCAB
    hidden: int = HIDDEN

    @nn.compact
    def __call__(self, enc_state, targets):
        embed = nn.Embed(self.vocab, self.hidden)
        cell = nn.GRUCell(features=self.hidden)
        readout = nn.Dense(self.vocab)

        # teacher forcing: the input at step t is the gold token at t-1
        bos = jnp.zeros((targets.shape[0], 1), dtype=targets.dtype)
        inputs = jnp.concatenate([bos, targets[:, :-1]], axis=1)

        def body(h, tok):
            h, y = cell(h, embed(tok))
            return h, readout(y)

        _, logits = jax.lax.scan(body, enc_state, inputs.T)
        return jnp.swapaxes(logits, 0, 1)


def loss_fn(params, model, enc_state, targets):
    logits = model.apply({"params": params}, enc_state, targets)
    onehot = jax.nn.one_hot(targets, VOCAB)
    return -jnp.mean(jnp.sum(onehot * jax.nn.log_softmax(logits), axis=-1))


def main():
    model = Decoder()
    batch, length = 4, 7
    enc_state = jnp.ones((batch, HIDDEN)) * 0.1
    targets = jax.random.randint(jax.random.key(1), (batch, length), 0, VOCAB)
    variables = model.init(jax.random.key(0), enc_state, targets)
    loss = loss_fn(variables["params"], model, enc_state, targets)
    grads = jax.grad(loss_fn)(variables["params"], model, enc_state, targets)
    jax.block_until_ready((loss, grads))
    return None
