# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 __call__ passes the bound method self._step to a scan_with_remat wrapper that runs jax.lax.scan(jax.checkpoint(step)); the setup GRUCell is first called in that body during init
import jax
import jax.numpy as jnp
import flax.linen as nn


def scan_with_remat(step, carry, xs, remat=True):
    if remat:
        step = jax.checkpoint(step)
    return jax.lax.scan(step, carry, xs)


class SequenceClassifier(nn.Module):
    hidden: int = 6
    n_classes: int = 2
    remat: bool = True

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)
        self.head = nn.Dense(self.n_classes)

    def _step(self, h, x):
        h, y = self.cell(h, x)
        return h, y

    def __call__(self, xs):
        # xs: [time, batch, features]
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h, _ = scan_with_remat(self._step, h0, xs, remat=self.remat)
        return self.head(h)


def main():
    model = SequenceClassifier()
    xs = jax.random.normal(jax.random.key(0), (5, 3, 4))
    labels = jnp.array([0, 1, 1])
    params = model.init(jax.random.key(1), xs)

    def loss_fn(p):
        logits = model.apply(p, xs)
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], 1))

    print(jax.grad(loss_fn)(params)["params"]["head"]["bias"])
    return None
