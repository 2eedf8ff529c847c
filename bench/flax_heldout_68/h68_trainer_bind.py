# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the trainer keeps model.bind(..., mutable=['batch_stats']) on self; the scan body calls the bound module and the stats are exported after the loop
import jax
import jax.numpy as jnp
import flax.linen as nn


class Net(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.gelu(x)
        return nn.Dense(1)(x)


class Trainer:
    def __init__(self, model, variables):
        self.model = model
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def calibrate(self, batches):
        """Refresh BatchNorm statistics on a stream of unlabeled batches."""

        def body(total, x):
            y = self.bound(x, train=True)
            return total + jnp.mean(y), None

        total, _ = jax.lax.scan(body, jnp.zeros(()), batches)
        return total

    def export(self):
        _, variables = self.bound.unbind()
        return variables


def save_checkpoint(variables):
    return jax.tree_util.tree_map(lambda a: jnp.asarray(a, jnp.float32), variables)


def main():
    model = Net()
    x = jnp.ones((16, 8))
    variables = model.init(jax.random.PRNGKey(0), x)
    trainer = Trainer(model, variables)
    batches = jax.random.normal(jax.random.PRNGKey(1), (4, 16, 8))
    trainer.calibrate(batches)
    ckpt = save_checkpoint(trainer.export())
    model.apply(ckpt, x)
    return None
