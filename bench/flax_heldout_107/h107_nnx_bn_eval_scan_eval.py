# label: ok
# flax-error: none
# class: 2 the local `model` of main() is put in eval mode before the scan body calls it, so BatchNorm only reads
"""Test-set evaluation, twin of h107_nnx_bn_eval_scan: model.eval() is called before the
raw scan, so BatchNorm uses its running averages and nothing is written in the loop."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(12, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, momentum=0.9, rngs=rngs)
        self.fc2 = nnx.Linear(32, 5, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.bn(self.fc1(x))))


def main():
    model = Classifier(nnx.Rngs(0))
    model.eval()
    test_x = jax.random.normal(jax.random.PRNGKey(1), (4, 20, 12))
    test_y = jnp.zeros((4, 20), jnp.int32)

    def eval_step(correct, batch):
        x, y = batch
        preds = jnp.argmax(model(x), axis=-1)
        return correct + jnp.sum(preds == y), None

    correct, _ = lax.scan(eval_step, 0, (test_x, test_y))
    print("accuracy", float(correct) / test_y.size)
    return None
