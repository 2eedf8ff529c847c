# label: ok
# flax-error: none
# class: 2 nn.LSTMCell built outside the body and called once on the first token before jax.lax.scan runs the rest
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

VOCAB = 16
HIDDEN = 8


class SeqClassifier(nn.Module):
    hidden: int = HIDDEN
    num_classes: int = 3

    @nn.compact
    def __call__(self, tokens):
        emb = nn.Embed(VOCAB, 6, name="embed")(tokens)  # (T, B, 6)
        batch = tokens.shape[1]
        carry = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch, self.hidden)))
        cell = nn.LSTMCell(self.hidden, name="cell")
        carry, _ = cell(carry, emb[0])

        def step(carry, x_t):
            carry, h_t = cell(carry, x_t)
            return carry, h_t

        carry, hs = jax.lax.scan(step, carry, emb[1:])
        return nn.Dense(self.num_classes, name="head")(hs[-1])


def cross_entropy(logits, labels):
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


def main():
    model = SeqClassifier()
    tokens = jnp.array([[1, 4], [3, 2], [7, 7], [0, 5], [9, 1]], dtype=jnp.int32)
    labels = jnp.array([0, 2])
    variables = model.init(jax.random.key(0), tokens)

    tx = optax.adam(1e-2)
    opt_state = tx.init(variables["params"])

    def loss_fn(params):
        logits = model.apply({"params": params}, tokens)
        return cross_entropy(logits, labels)

    loss, grads = jax.value_and_grad(loss_fn)(variables["params"])
    updates, opt_state = tx.update(grads, opt_state, variables["params"])
    params = optax.apply_updates(variables["params"], updates)
    float(loss)
    jax.block_until_ready(params)
    return None
