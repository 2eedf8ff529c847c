# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 ScheduledDecoder.__call__ runs the scan and sows into its own intermediates collection from the scan body
"""Scheduled-sampling decoder with a hand-written GRU step; logs how often the teacher token was used."""
import jax
import jax.numpy as jnp
from flax import linen as nn
import optax

VOCAB = 9


class ScheduledDecoder(nn.Module):
    vocab: int = VOCAB
    hidden: int = 12

    @nn.compact
    def __call__(self, h0, targets, teacher_forcing_p):
        """h0: [batch, hidden] encoder summary, targets: [batch, time]."""
        embed = self.param("embed", nn.initializers.normal(0.1), (self.vocab, self.hidden))
        w_in = self.param("w_in", nn.initializers.lecun_normal(), (self.hidden, 3 * self.hidden))
        w_rec = self.param("w_rec", nn.initializers.orthogonal(), (self.hidden, 3 * self.hidden))
        bias = self.param("bias", nn.initializers.zeros, (3 * self.hidden,))
        w_out = self.param("w_out", nn.initializers.lecun_normal(), (self.hidden, self.vocab))

        def gru(h, x):
            gx, gh = x @ w_in + bias, h @ w_rec
            r = jax.nn.sigmoid(gx[:, : self.hidden] + gh[:, : self.hidden])
            z = jax.nn.sigmoid(gx[:, self.hidden : 2 * self.hidden] + gh[:, self.hidden : 2 * self.hidden])
            n = jnp.tanh(gx[:, 2 * self.hidden :] + r * gh[:, 2 * self.hidden :])
            return (1 - z) * n + z * h

        def step(carry, teacher_token):
            h, prev_pred, key = carry
            key, coin = jax.random.split(key)
            use_teacher = jax.random.bernoulli(coin, teacher_forcing_p, teacher_token.shape)
            self.sow("intermediates", "teacher_rate", use_teacher.mean())
            token = jnp.where(use_teacher, teacher_token, prev_pred)
            h = gru(h, embed[token])
            logits = h @ w_out
            return (h, logits.argmax(-1), key), logits

        bos = jnp.zeros(targets.shape[:1], jnp.int32)
        teacher_in = jnp.concatenate([bos[:, None], targets[:, :-1]], axis=1).T
        _, logits = jax.lax.scan(step, (h0, bos, self.make_rng("schedule")), teacher_in)
        return logits.swapaxes(0, 1)


def main():
    decoder = ScheduledDecoder()
    h0 = jax.random.normal(jax.random.key(0), (4, 12))
    targets = jax.random.randint(jax.random.key(1), (4, 6), 1, VOCAB)
    params = decoder.init({"params": jax.random.key(2), "schedule": jax.random.key(3)}, h0, targets, 1.0)["params"]
    tx = optax.sgd(0.1)
    opt_state = tx.init(params)

    def loss_fn(params, key, p):
        logits, state = decoder.apply(
            {"params": params}, h0, targets, p, rngs={"schedule": key}, mutable=["intermediates"]
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()
        return loss, state["intermediates"]["teacher_rate"]

    history = []
    for epoch in range(3):
        p = max(0.25, 1.0 - 0.25 * epoch)
        (loss, rates), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, jax.random.key(epoch), p)
        updates, opt_state = tx.update(grads, opt_state)
        params = optax.apply_updates(params, updates)
        history.append(jnp.stack(rates).mean())
    jax.block_until_ready((loss, params, jnp.stack(history)))
    return None


if __name__ == "__main__":
    main()
