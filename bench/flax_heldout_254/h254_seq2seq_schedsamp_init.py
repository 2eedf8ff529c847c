# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the decoder cell and readout are reached through a functools.partial of a method used as the scan body; their parameters are first created in it during init
"""GRU seq2seq trained with scheduled sampling (Bengio et al. 2015) on a toy reversal task."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.lax import scan

VOCAB = 10
HIDDEN = 16


class Seq2Seq(nn.Module):
    vocab: int = VOCAB
    hidden: int = HIDDEN

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.encoder = nn.RNN(nn.GRUCell(self.hidden), return_carry=True)
        self.decoder_cell = nn.GRUCell(self.hidden)
        self.readout = nn.Dense(self.vocab)

    def _decode_step(self, carry, inputs, teacher_forcing_p):
        h, prev_pred, key = carry
        target_prev, = inputs
        key, coin_key = jax.random.split(key)
        use_teacher = jax.random.bernoulli(coin_key, teacher_forcing_p, target_prev.shape)
        token = jnp.where(use_teacher, target_prev, prev_pred)
        h, out = self.decoder_cell(h, self.embed(token))
        logits = self.readout(out)
        return (h, jnp.argmax(logits, -1), key), logits

    def __call__(self, src, tgt, teacher_forcing_p):
        h, _ = self.encoder(self.embed(src))
        bos = jnp.zeros((src.shape[0],), jnp.int32)
        tgt_in = jnp.concatenate([bos[:, None], tgt[:, :-1]], axis=1).T  # time major
        step = functools.partial(self._decode_step, teacher_forcing_p=teacher_forcing_p)
        _, logits = scan(step, (h, bos, self.make_rng("schedule")), (tgt_in,))
        return logits.transpose(1, 0, 2)


def inverse_sigmoid_schedule(step, k=5.0):
    return k / (k + jnp.exp(step / k))


def main():
    model = Seq2Seq()
    src = jax.random.randint(jax.random.key(0), (4, 5), 1, VOCAB)
    tgt = src[:, ::-1]
    variables = model.init({"params": jax.random.key(1), "schedule": jax.random.key(2)}, src, tgt, 1.0)
    params = variables["params"]
    tx = optax.adam(3e-3)
    opt_state = tx.init(params)

    def loss_fn(params, key, p):
        logits = model.apply({"params": params}, src, tgt, p, rngs={"schedule": key})
        return optax.softmax_cross_entropy_with_integer_labels(logits, tgt).mean()

    for step in range(2):
        p = inverse_sigmoid_schedule(step)
        loss, grads = jax.value_and_grad(loss_fn)(params, jax.random.key(100 + step), p)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
    jax.block_until_ready((loss, params))
    return None


if __name__ == "__main__":
    main()
