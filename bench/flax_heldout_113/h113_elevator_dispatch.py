# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the module's dispatch method runs lax.while_loop and calls its own BatchNorm-bearing scorer in the body (train=True)
"""Elevator group control: a learned scorer ranks the pending hall calls; the dispatcher serves
calls one by one until none is pending or the step budget is spent."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class DispatchNet(nn.Module):
    floors: int = 12
    train: bool = False
    max_steps: int = 32

    def setup(self):
        self.encode = nn.Dense(32)
        self.norm = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)
        self.head = nn.Dense(self.floors)

    def score(self, pending, car_floor):
        onehot = jax.nn.one_hot(car_floor, self.floors)
        x = jnp.concatenate([pending, onehot], axis=-1)[None]
        h = nn.relu(self.norm(self.encode(x)))
        return self.head(h)[0] - 1e9 * (pending == 0)

    def dispatch(self, pending, car_floor):
        def keep_going(state):
            step, pending, _, _ = state
            return jnp.logical_and(step < self.max_steps, pending.sum() > 0)

        def serve(state):
            step, pending, floor, travelled = state
            target = jnp.argmax(self.score(pending, floor))
            travelled = travelled + jnp.abs(target - floor)
            return step + 1, pending.at[target].set(0.0), target, travelled

        init = (jnp.zeros((), jnp.int32), pending, car_floor, jnp.zeros((), jnp.int32))
        steps, _, _, travelled = lax.while_loop(keep_going, serve, init)
        return steps, travelled


def main():
    net = DispatchNet(train=True)
    pending = (jax.random.uniform(jax.random.key(0), (12,)) < 0.4).astype(jnp.float32)
    car = jnp.asarray(0)
    variables = net.init(jax.random.key(1), pending, car, method=DispatchNet.score)
    steps, travelled = net.apply(variables, pending, car, method=DispatchNet.dispatch)
    print("served in", int(steps), "stops, travelled", int(travelled), "floors")
    return None
