# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Trainer.fit hands the model state merged from the scan carry to a SnapshotHook in its callback list inside the scan; restore_snapshot() nnx.update()s the model from the hook after the loop
"""Warehouse robotics: train a grasp-success predictor from gripper sensor snapshots. The
trainer threads the model and optimizer state through a scan over minibatches and calls a
list of callbacks each step; a snapshot callback keeps the latest model state so a serving
replica can be restored from it."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class GraspNet(nnx.Module):
    def __init__(self, n_sensors: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(n_sensors, 24, rngs=rngs)
        self.l2 = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


class Callback:
    def on_step(self, loss, model_state):
        pass


class SnapshotHook(Callback):
    def __init__(self):
        self.state = None

    def on_step(self, loss, model_state):
        self.state = model_state


class Trainer:
    def __init__(self, model, callbacks, lr=5e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)
        self.callbacks = callbacks

    def fit(self, batches):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def train_step(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss_fn = lambda m: optax.sigmoid_binary_cross_entropy(m(batch["x"]), batch["y"]).mean()
            loss, grads = nnx.value_and_grad(loss_fn)(model)
            optimizer.update(model, grads)
            for cb in self.callbacks:
                cb.on_step(loss, nnx.state(model))
            return nnx.state((model, optimizer)), loss

        state, losses = scan(train_step, state, batches)
        nnx.update((self.model, self.optimizer), state)
        return losses

    def restore_snapshot(self, replica):
        hook = next(cb for cb in self.callbacks if isinstance(cb, SnapshotHook))
        nnx.update(replica, hook.state)
        return replica


def main():
    model = GraspNet(n_sensors=6, rngs=nnx.Rngs(0))
    trainer = Trainer(model, callbacks=[Callback(), SnapshotHook()])
    kx, ky = jax.random.split(jax.random.key(1))
    batches = {"x": jax.random.normal(kx, (10, 16, 6)), "y": jax.random.bernoulli(ky, 0.5, (10, 16)).astype(jnp.float32)}
    trainer.fit(batches)
    replica = trainer.restore_snapshot(GraspNet(n_sensors=6, rngs=nnx.Rngs(1)))
    replica(jnp.ones((2, 6))).block_until_ready()
    return None
