# label: ok
# flax-error: none
# class: 3 after model.eval() a method runs a raw lax.scan over test batches; Dropout is deterministic and BatchNorm uses running averages
import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(6, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(16, 4, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.bn(self.fc(x)))))

    def accuracy(self, xs, ys):
        def body(correct, batch):
            x, y = batch
            pred = jnp.argmax(self(x), axis=-1)
            return correct + jnp.sum(pred == y), None

        correct, _ = jax.lax.scan(body, jnp.zeros((), jnp.int32), (xs, ys))
        return correct / ys.size


def main():
    model = Classifier(nnx.Rngs(params=0, dropout=1))
    model.eval()
    xs = jax.random.normal(jax.random.key(2), (3, 5, 6))
    ys = jax.random.randint(jax.random.key(3), (3, 5), 0, 4)
    acc = model.accuracy(xs, ys)
    acc.block_until_ready()
    return None
