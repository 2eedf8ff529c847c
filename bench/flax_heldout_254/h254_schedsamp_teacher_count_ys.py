# label: ok
# flax-error: none
# class: 5 the step function built by make_rollout_step closes over the bound decoder; the per-step teacher counts leave as the scan's ys and are returned to the caller
"""Scheduled-sampling rollout of an MLP next-token decoder conditioned on an encoder context."""
import jax
import jax.numpy as jnp
import flax.linen as nn
import optax
from jax.lax import scan as lax_scan

VOCAB = 11


class ContextDecoder(nn.Module):
    vocab: int = VOCAB
    features: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.features)
        self.mix = nn.Dense(self.features)
        self.out = nn.Dense(self.vocab)

    def __call__(self, context, prev_tokens):
        h = jnp.concatenate([self.embed(prev_tokens), jnp.broadcast_to(context, prev_tokens.shape + context.shape[-1:])], -1)
        return self.out(nn.tanh(self.mix(h)))

    def rollout(self, context, targets, teacher_forcing_p):
        step = make_rollout_step(self, context[:, None], teacher_forcing_p)
        bos = jnp.zeros(targets.shape[:1], jnp.int32)
        _, (logits, teacher_counts) = lax_scan(step, (bos, self.make_rng("schedule")), targets.T)
        return logits.swapaxes(0, 1), teacher_counts


def make_rollout_step(decoder, context, teacher_forcing_p):
    def step(carry, target_t):
        prev, key = carry
        key, coin = jax.random.split(key)
        logits = decoder(context, prev[:, None])[:, 0]
        use_teacher = jax.random.bernoulli(coin, teacher_forcing_p, target_t.shape)
        nxt = jnp.where(use_teacher, target_t, logits.argmax(-1))
        return (nxt, key), (logits, use_teacher.sum())

    return step


def main():
    decoder = ContextDecoder()
    context = jax.random.normal(jax.random.key(0), (5, 16))
    targets = jax.random.randint(jax.random.key(1), (5, 7), 1, VOCAB)
    prev = jnp.concatenate([jnp.zeros((5, 1), jnp.int32), targets[:, :-1]], axis=1)
    variables = decoder.init(jax.random.key(2), context[:, None], prev)
    tx = optax.adam(1e-2)
    opt_state = tx.init(variables["params"])

    def loss_fn(params, key):
        logits, teacher_counts = decoder.apply(
            {**variables, "params": params}, context, targets, 0.75,
            method=ContextDecoder.rollout, rngs={"schedule": key},
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()
        return loss, teacher_counts.sum()

    params = variables["params"]
    (loss, teacher_tokens), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, jax.random.key(3))
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    jax.block_until_ready((loss, teacher_tokens, params))
    return None


if __name__ == "__main__":
    main()
