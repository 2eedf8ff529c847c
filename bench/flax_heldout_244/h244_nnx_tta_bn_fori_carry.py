# label: ok
# flax-error: none
# class: 3 the BNAdapter's self.model attribute is split; its state is threaded through the fori_loop carry, merged in the body and written back with nnx.update after the loop
"""Test-time adaptation by BatchNorm recalibration: run a few passes over unlabelled test
batches in train mode so the running statistics follow the shifted distribution."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Net(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.fc2 = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x):
        return self.fc2(nnx.relu(self.bn(self.fc1(x))))


class BNAdapter:
    def __init__(self, model: Net, num_passes: int = 4):
        self.model = model
        self.num_passes = num_passes

    def recalibrate(self, batches):
        self.model.train()
        graphdef, state = nnx.split(self.model)

        def one_pass(i, carry):
            state, total = carry
            model = nnx.merge(graphdef, state)
            logits = model(batches[i % batches.shape[0]])
            return nnx.state(model), total + jnp.mean(logits)

        state, _ = lax.fori_loop(0, self.num_passes, one_pass, (state, jnp.float32(0.0)))
        nnx.update(self.model, state)
        self.model.eval()
        return self.model


def main():
    model = Net(5, 3, rngs=nnx.Rngs(0))
    test_batches = 2.0 + jax.random.normal(jax.random.key(1), (3, 8, 5))
    adapted = BNAdapter(model).recalibrate(test_batches)
    preds = adapted(test_batches[0]).argmax(-1)
    jax.block_until_ready(preds)
    return None
