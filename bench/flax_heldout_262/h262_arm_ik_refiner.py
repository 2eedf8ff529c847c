# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[11,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ArmController.solve -> IKRefiner.refine runs lax.while_loop whose body calls self.correction, a CorrectionHead whose Dense layers are first used inside the body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class CorrectionHead(nn.Module):
    n_joints: int

    def setup(self):
        self.hidden = nn.Dense(16)
        self.out = nn.Dense(self.n_joints)

    def __call__(self, angles, target_xyz):
        h = nn.relu(self.hidden(jnp.concatenate([jnp.sin(angles), jnp.cos(angles), target_xyz], -1)))
        return 0.05 * jnp.tanh(self.out(h))


class IKRefiner(nn.Module):
    n_joints: int
    max_iters: int = 4

    def setup(self):
        self.correction = CorrectionHead(self.n_joints)

    def refine(self, angles, target_xyz):
        def keep_going(state):
            it, _ = state
            return it < self.max_iters

        def body(state):
            it, q = state
            return it + 1, q + self.correction(q, target_xyz)

        _, q = lax.while_loop(keep_going, body, (0, angles))
        return q

    def __call__(self, angles, target_xyz):
        return self.refine(angles, target_xyz)


class ArmController:
    def __init__(self, n_joints=4, seed=3):
        self.refiner = IKRefiner(n_joints)
        self.n_joints = n_joints
        self.seed = seed
        self.params = None

    def load(self):
        q0 = jnp.zeros((1, self.n_joints))
        target = jnp.zeros((1, 3))
        self.params = self.refiner.init(jax.random.key(self.seed), q0, target)

    def solve(self, q_start, target_xyz):
        return self.refiner.apply(self.params, q_start, target_xyz, method=IKRefiner.refine)


def main():
    controller = ArmController()
    controller.load()
    q_start = jnp.array([[0.1, -0.3, 0.7, 0.0], [0.0, 0.2, -0.4, 1.1]])
    targets = jnp.array([[0.3, 0.1, 0.5], [0.2, -0.2, 0.4]])
    q = controller.solve(q_start, targets)
    jax.block_until_ready(q)
    return None
