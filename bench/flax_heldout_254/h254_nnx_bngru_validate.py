# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the BatchNorm statistics belong to model.encoder.cell.bn_x / bn_h, reached from the scan body through two objects
"""GRU classifier with recurrent batch normalisation; reports accuracy on a validation batch."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class BNGRUCell(nnx.Module):
    def __init__(self, in_features: int, hidden: int, *, rngs: nnx.Rngs):
        self.hidden = hidden
        self.w_x = nnx.Linear(in_features, 3 * hidden, use_bias=False, rngs=rngs)
        self.w_h = nnx.Linear(hidden, 3 * hidden, use_bias=False, rngs=rngs)
        self.bn_x = nnx.BatchNorm(3 * hidden, momentum=0.9, rngs=rngs)
        self.bn_h = nnx.BatchNorm(3 * hidden, momentum=0.9, rngs=rngs)
        self.bias = nnx.Param(jnp.zeros((3 * hidden,)))

    def __call__(self, h, x):
        gx = self.bn_x(self.w_x(x)) + self.bias[...]
        gh = self.bn_h(self.w_h(h))
        rx, zx, nx = jnp.split(gx, 3, axis=-1)
        rh, zh, nh = jnp.split(gh, 3, axis=-1)
        r, z = jax.nn.sigmoid(rx + rh), jax.nn.sigmoid(zx + zh)
        n = jnp.tanh(nx + r * nh)
        return (1 - z) * n + z * h


class RNNEncoder(nnx.Module):
    def __init__(self, in_features: int, hidden: int, *, rngs: nnx.Rngs):
        self.cell = BNGRUCell(in_features, hidden, rngs=rngs)
        self.hidden = hidden

    def initial_state(self, batch_size):
        return jnp.zeros((batch_size, self.hidden))


class SequenceClassifier(nnx.Module):
    def __init__(self, in_features=5, hidden=8, num_classes=2, *, rngs: nnx.Rngs):
        self.encoder = RNNEncoder(in_features, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, num_classes, rngs=rngs)

    def __call__(self, xs):
        # xs: [time, batch, features]
        h0 = self.encoder.initial_state(xs.shape[1])
        h, _ = jax.lax.scan(lambda h, x: (self.encoder.cell(h, x), None), h0, xs)
        return self.head(h)


def evaluate(model, xs, labels):
    logits = model(xs)
    return (logits.argmax(-1) == labels).mean()


def main():
    model = SequenceClassifier(rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (6, 7, 5))
    labels = jax.random.randint(jax.random.key(2), (7,), 0, 2)
    accuracy = evaluate(model, xs, labels)
    jax.block_until_ready(accuracy)
    return None


if __name__ == "__main__":
    main()
