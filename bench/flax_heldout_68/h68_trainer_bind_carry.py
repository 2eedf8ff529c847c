# label: ok
# flax-error: none
# class: 5 the trainer binds the variables carried by the scan inside the body and returns the unbound state in the carry
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
        self.variables = variables

    def calibrate(self, batches):
        """Refresh BatchNorm statistics on a stream of unlabeled batches."""

        def body(carry, x):
            variables, total = carry
            bound = self.model.bind(variables, mutable=["batch_stats"])
            y = bound(x, train=True)
            _, variables = bound.unbind()
            return (variables, total + jnp.mean(y)), None

        (self.variables, total), _ = jax.lax.scan(body, (self.variables, jnp.zeros(())), batches)
        return total

    def export(self):
        return self.variables


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
