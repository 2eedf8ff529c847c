# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "teacher_tokens" in "/" because collection "metrics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the step function built by make_rollout_step closes over the bound decoder and adds to its metrics counter inside the scan body
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
        self.teacher_tokens = self.variable("metrics", "teacher_tokens", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, context, prev_tokens):
        h = jnp.concatenate([self.embed(prev_tokens), jnp.broadcast_to(context, prev_tokens.shape + context.shape[-1:])], -1)
        return self.out(nn.tanh(self.mix(h)))

    def rollout(self, context, targets, teacher_forcing_p):
        step = make_rollout_step(self, context[:, None], teacher_forcing_p)
        bos = jnp.zeros(targets.shape[:1], jnp.int32)
        _, logits = lax_scan(step, (bos, self.make_rng("schedule")), targets.T)
        return logits.swapaxes(0, 1)


def make_rollout_step(decoder, context, teacher_forcing_p):
    def step(carry, target_t):
        prev, key = carry
        key, coin = jax.random.split(key)
        logits = decoder(context, prev[:, None])[:, 0]
        use_teacher = jax.random.bernoulli(coin, teacher_forcing_p, target_t.shape)
        decoder.teacher_tokens.value += use_teacher.sum()
        nxt = jnp.where(use_teacher, target_t, logits.argmax(-1))
        return (nxt, key), logits

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
        logits = decoder.apply(
            {**variables, "params": params}, context, targets, 0.75,
            method=ContextDecoder.rollout, rngs={"schedule": key},
        )
        return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()

    params = variables["params"]
    loss, grads = jax.value_and_grad(loss_fn)(params, jax.random.key(3))
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    jax.block_until_ready((loss, params))
    return None


if __name__ == "__main__":
    main()
